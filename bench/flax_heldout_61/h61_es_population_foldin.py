# label: ok
# flax-error: none
# class: 5 the flattened Linen params and one PRNG key are closed over by a fori_loop body, which folds the member index into the key
"""OpenAI-style evolution strategies on a small Linen policy: antithetic-free perturbations, fitness
from a fixed batch of observations, and the usual rank-free gradient estimate."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.flatten_util import ravel_pytree

lax = jax.lax


class Policy(nn.Module):
    @nn.compact
    def __call__(self, obs):
        return jnp.tanh(nn.Dense(2)(nn.relu(nn.Dense(8)(obs))))


def es_step(model, params, obs, key, pop_size=6, sigma=0.05, lr=0.01):
    flat, unravel = ravel_pytree(params)

    def member(i, carry):
        eps_buf, fit_buf = carry
        eps = jax.random.normal(jax.random.fold_in(key, i), flat.shape)
        actions = model.apply(unravel(flat + sigma * eps), obs)
        fitness = -jnp.mean((actions - 0.5) ** 2)
        return eps_buf.at[i].set(eps), fit_buf.at[i].set(fitness)

    init = (jnp.zeros((pop_size, flat.size)), jnp.zeros((pop_size,)))
    eps, fit = lax.fori_loop(0, pop_size, member, init)
    fit = (fit - fit.mean()) / (fit.std() + 1e-8)
    new_flat = flat + lr / (pop_size * sigma) * eps.T @ fit
    return unravel(new_flat), eps


def main():
    model = Policy()
    obs = jnp.linspace(-1.0, 1.0, 12).reshape(4, 3)
    params = model.init(jax.random.key(0), obs)
    params, eps = es_step(model, params, obs, jax.random.key(42))
    return eps
