# label: ok
# flax-error: none
# class: 5 the particle filter returns each step's effective sample size as scan output and stores the stacked array in a list attribute after the loop
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class LearnedSSM(nnx.Module):
    def __init__(self, d, *, rngs):
        self.dynamics = nnx.Linear(d, d, rngs=rngs)
        self.log_obs_scale = nnx.Param(jnp.zeros(()))
        self.ess_history = []

    def filter_step(self, particles, inputs):
        y_t, key = inputs
        particles = self.dynamics(particles) + 0.1 * jax.random.normal(key, particles.shape)
        logw = -0.5 * jnp.sum((particles - y_t) ** 2, -1) * jnp.exp(-2 * self.log_obs_scale[...])
        w = jax.nn.softmax(logw)
        ess = 1.0 / jnp.sum(w**2)
        idx = jax.random.categorical(jax.random.fold_in(key, 1), logw, shape=(particles.shape[0],))
        return particles[idx], (jax.nn.logsumexp(logw) - jnp.log(particles.shape[0]), ess)

    def __call__(self, ys, key, n_particles=64):
        keys = jax.random.split(key, ys.shape[0])
        particles = jnp.zeros((n_particles, ys.shape[-1]))
        _, (log_z, ess) = lax.scan(self.filter_step, particles, (ys, keys))
        self.ess_history.append(ess)
        return log_z.sum()


def main():
    model = LearnedSSM(2, rngs=nnx.Rngs(0))
    ys = jnp.cumsum(0.1 * jnp.ones((8, 2)), 0)
    log_lik = model(ys, jax.random.key(1))
    ess = jnp.concatenate(model.ess_history)
    if jnp.any(ess < 10):
        print("particle degeneracy, log-lik", float(log_lik))
    return None
