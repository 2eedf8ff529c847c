# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the particle filter appends each step's effective sample size to a Python list attribute of the module inside jax.lax.scan
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
        self.ess_history.append(1.0 / jnp.sum(w**2))
        idx = jax.random.categorical(jax.random.fold_in(key, 1), logw, shape=(particles.shape[0],))
        return particles[idx], jax.nn.logsumexp(logw) - jnp.log(particles.shape[0])

    def __call__(self, ys, key, n_particles=64):
        keys = jax.random.split(key, ys.shape[0])
        particles = jnp.zeros((n_particles, ys.shape[-1]))
        _, log_z = lax.scan(self.filter_step, particles, (ys, keys))
        return log_z.sum()


def main():
    model = LearnedSSM(2, rngs=nnx.Rngs(0))
    ys = jnp.cumsum(0.1 * jnp.ones((8, 2)), 0)
    log_lik = model(ys, jax.random.key(1))
    ess = jnp.stack(model.ess_history)
    if jnp.any(ess < 10):
        print("particle degeneracy, log-lik", float(log_lik))
    return None
