# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 1 Metropolis sampler adds the acceptance probability (a float) to an int32 accept counter
import jax
import jax.numpy as jnp


def log_prob(x):
    return -0.5 * jnp.sum(x ** 2)


def main():
    keys = jax.random.split(jax.random.PRNGKey(0), 20)

    def mh_step(state, key):
        x, n_accept = state
        k1, k2 = jax.random.split(key)
        prop = x + 0.5 * jax.random.normal(k1, x.shape)
        p_accept = jnp.minimum(1.0, jnp.exp(log_prob(prop) - log_prob(x)))
        accept = jax.random.uniform(k2) < p_accept
        x = jnp.where(accept, prop, x)
        return (x, n_accept + p_accept), x

    (x, n_accept), samples = jax.lax.scan(mh_step, (jnp.zeros(3), jnp.int32(0)), keys)
    return n_accept / 20
