# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 4 sampler factory: the built step records an int32 iteration count advanced by the float step size
import jax
import jax.numpy as jnp


def make_langevin(grad_log_p, step_size):
    def kernel(state, key):
        x, it = state
        noise = jax.random.normal(key, x.shape)
        x = x + step_size * grad_log_p(x) + jnp.sqrt(2 * step_size) * noise
        return (x, it + step_size), x

    return kernel


def main():
    kernel = make_langevin(lambda x: -x, 0.01)
    keys = jax.random.split(jax.random.PRNGKey(0), 20)
    (x, it), xs = jax.lax.scan(kernel, (jnp.zeros(2), jnp.int32(0)), keys)
    return xs
