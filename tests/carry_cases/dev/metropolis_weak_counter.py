# label: ok
# jax-error: none
# class: 1 Metropolis sampler sums acceptance probabilities into a weakly typed jnp.array(0) init (promoted silently)
import jax
import jax.numpy as jnp


def log_prob(x):
    return -0.5 * jnp.sum(x ** 2)


def main():
    keys = jax.random.split(jax.random.PRNGKey(3), 20)

    def mh_step(state, key):
        x, expected_accepts = state
        k1, k2 = jax.random.split(key)
        prop = x + 0.5 * jax.random.normal(k1, x.shape)
        p_accept = jnp.minimum(1.0, jnp.exp(log_prob(prop) - log_prob(x)))
        x = jnp.where(jax.random.uniform(k2) < p_accept, prop, x)
        return (x, expected_accepts + p_accept), x

    (x, acc), samples = jax.lax.scan(mh_step, (jnp.zeros(3), jnp.array(0)), keys)
    return acc
