# label: ok
# flax-error: none
# class: 5 the step built by make_filter_step takes the NNX likelihood model from the scan carry and hands it to nnx.vmap
import flax.nnx as nnx
import jax
import jax.numpy as jnp
from jax.lax import scan


class ObservationModel(nnx.Module):
    """p(y | x) = N(y; g(x), sigma^2) with a small learned emission g."""

    def __init__(self, state_dim: int, obs_dim: int, *, rngs: nnx.Rngs):
        self.emit1 = nnx.Linear(state_dim, 8, rngs=rngs)
        self.emit2 = nnx.Linear(8, obs_dim, rngs=rngs)
        self.log_sigma = nnx.Param(jnp.zeros((obs_dim,)))

    def __call__(self, x, y):
        mu = self.emit2(jnp.tanh(self.emit1(x)))
        sigma = jnp.exp(self.log_sigma.value)
        return jnp.sum(-0.5 * ((y - mu) / sigma) ** 2 - jnp.log(sigma))


def make_filter_step(trans_std=0.2):
    per_particle = nnx.vmap(lambda model, x, y: model(x, y), in_axes=(None, 0, None))

    def step(carry, y):
        likelihood, particles, key = carry
        key, k_move, k_res = jax.random.split(key, 3)
        particles = 0.9 * particles + trans_std * jax.random.normal(k_move, particles.shape)
        logw = per_particle(likelihood, particles, y)
        log_marginal = jax.nn.logsumexp(logw) - jnp.log(logw.shape[0])
        idx = jax.random.categorical(k_res, logw, shape=logw.shape)
        return (likelihood, particles[idx], key), log_marginal

    return step


def main():
    likelihood = ObservationModel(2, 1, rngs=nnx.Rngs(0))
    ys = jnp.sin(jnp.arange(6.0))[:, None]
    particles = jax.random.normal(jax.random.key(1), (32, 2))
    (likelihood, particles, _), log_marginals = scan(
        make_filter_step(), (likelihood, particles, jax.random.key(2)), ys
    )
    jax.block_until_ready(log_marginals.sum())
    return None
