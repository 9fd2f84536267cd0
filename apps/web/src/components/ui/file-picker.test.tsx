import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminPage } from '@mayorista/core/messages/adminPage';
import { FilePicker } from './file-picker';

function Chooser({ onFile }: { onFile: (file: File | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FilePicker
      id="f"
      accept=".csv"
      chooseText={adminPage.chooseFile}
      noFileText={adminPage.noFileChosen}
      fileName={file?.name ?? null}
      onFile={(chosen) => {
        setFile(chosen);
        onFile(chosen);
      }}
    />
  );
}

describe('FilePicker', () => {
  it('is a file field named by its Spanish button, says in Spanish that nothing is chosen, then shows the chosen name', async () => {
    const onFile = vi.fn();
    render(<Chooser onFile={onFile} />);
    const input = screen.getByLabelText('Elegir archivo');
    expect(input).toHaveAttribute('type', 'file');
    // The browser's own control (with its "Choose File" / "No file chosen") is hidden; ours shows.
    expect(input).toHaveClass('sr-only');
    expect(screen.getByTestId('chosen-file')).toHaveTextContent('Ningún archivo elegido');

    const csv = new File(['SKU;Nombre'], 'catalogo.csv', { type: 'text/csv' });
    await userEvent.upload(input, csv);
    expect(onFile).toHaveBeenCalledWith(csv);
    expect(screen.getByTestId('chosen-file')).toHaveTextContent('catalogo.csv');
  });

  it('without a "no file" text shows only the button (a field that uploads at once)', () => {
    render(<FilePicker id="g" accept="image/png" chooseText="Agregar imagen" onFile={() => {}} disabled />);
    expect(screen.getByLabelText('Agregar imagen')).toBeDisabled();
    expect(screen.queryByTestId('chosen-file')).toBeNull();
  });
});
