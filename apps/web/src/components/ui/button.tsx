import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/cn';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-md text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60',
  {
    variants: {
      variant: {
        primary: 'bg-brand-700 text-white hover:bg-brand-800',
        secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
        destructive: 'bg-red-700 text-white hover:bg-red-800',
        ghost: 'text-slate-800 hover:bg-slate-100',
        ghostDanger: 'text-red-800 hover:bg-red-50',
      },
      // Sizes own the box (height and padding) so callers never have to override it: class names
      // are joined, not merged (lib/cn.ts).
      size: {
        md: 'min-h-11 px-4 py-2',
        // 44 px on a phone, as every tap target there; the denser 36 px from 640 px up.
        sm: 'min-h-11 min-w-11 px-3 py-1.5 sm:min-h-9 sm:min-w-0',
        icon: 'min-h-11 min-w-11',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, VariantProps<typeof buttonVariants> {}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ className, variant, size, type = 'button', ...props }, ref) {
  return <button ref={ref} type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
});
