# label: ok
# flax-error: none
# class: 5 a fori_loop body closes over the NNX graphdef, the flattened Param state and one key from nnx.Rngs, and folds the member index into the key
"""Evolution strategies over an NNX policy: sample a population of parameter perturbations,
score each perturbed policy, and form the ES gradient estimate."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.flatten_util import ravel_pytree


class Policy(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, dout, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.l2(nnx.relu(self.l1(obs))))


def es_gradient(policy, obs, rngs, pop_size=6, sigma=0.05):
    graphdef, params = nnx.split(policy, nnx.Param)
    flat, unravel = ravel_pytree(params)
    key = rngs.es()

    def member(i, carry):
        eps_buf, fit_buf = carry
        eps = jax.random.normal(jax.random.fold_in(key, i), flat.shape)
        candidate = nnx.merge(graphdef, unravel(flat + sigma * eps))
        fitness = -jnp.mean((candidate(obs) - 0.5) ** 2)
        return eps_buf.at[i].set(eps), fit_buf.at[i].set(fitness)

    eps, fit = jax.lax.fori_loop(0, pop_size, member,
                                 (jnp.zeros((pop_size, flat.size)), jnp.zeros((pop_size,))))
    fit = (fit - fit.mean()) / (fit.std() + 1e-8)
    return unravel(eps.T @ fit / (pop_size * sigma)), eps


def main():
    rngs = nnx.Rngs(params=0, es=7)
    policy = Policy(3, 2, rngs=rngs)
    obs = jnp.linspace(-1.0, 1.0, 12).reshape(4, 3)
    grads, eps = es_gradient(policy, obs, rngs)
    return eps
