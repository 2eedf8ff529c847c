# label: cond-not-scalar-bool
# jax-error: TypeError: cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(int32[])].
# class: 5 cond_fun returns the remaining-steps counter (int32) as if it were truthy
import jax
import jax.numpy as jnp


def main():
    def cond_fun(state):
        remaining, x = state
        return remaining

    def body_fun(state):
        remaining, x = state
        return remaining - 1, 0.5 * x + 1.0

    _, x = jax.lax.while_loop(cond_fun, body_fun, (jnp.int32(10), jnp.float32(0.0)))
    return x
