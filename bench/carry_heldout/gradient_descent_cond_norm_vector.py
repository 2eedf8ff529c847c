# label: cond-not-scalar-bool
# jax-error: TypeError: cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[3])].
# class: 5 gradient descent while_loop: lambda cond_fun compares the gradient vector (not its norm) to the tolerance
import jax
import jax.numpy as jnp


def f(w):
    return jnp.sum((w - 1.0) ** 2)


def main():
    w = jax.lax.while_loop(
        lambda w: jnp.abs(jax.grad(f)(w)) > 1e-3,
        lambda w: w - 0.1 * jax.grad(f)(w),
        jnp.zeros(3),
    )
    return w
