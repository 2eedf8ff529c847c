# label: ok
# flax-error: none
# class: 2 the bootstrap particle filter's scan body is the module method self.propagate; per-step keys are split before the loop and scanned over
import jax
import jax.numpy as jnp
from flax import linen as nn


class BootstrapFilter(nn.Module):
    n_particles: int = 32
    obs_noise: float = 0.5

    def setup(self):
        self.transition = nn.Dense(2)
        self.log_scale = self.param("log_scale", nn.initializers.constant(-1.0), (2,))

    def propagate(self, particles, inputs):
        y_t, k_prop, k_res = inputs
        eps = jax.random.normal(k_prop, particles.shape)
        noise = jnp.exp(self.log_scale) * eps
        particles = self.transition(particles) + noise
        logw = -0.5 * jnp.sum((particles - y_t) ** 2, -1) / self.obs_noise**2
        idx = jax.random.categorical(k_res, logw, shape=(self.n_particles,))
        return particles[idx], eps

    def __call__(self, ys):
        particles = jnp.zeros((self.n_particles, 2))
        if self.is_initializing():
            self.transition(particles)
        T = ys.shape[0]
        k_prop = jax.random.split(self.make_rng("proposal"), T)
        k_res = jax.random.split(self.make_rng("resample"), T)
        _, noise = jax.lax.scan(self.propagate, particles, (ys, k_prop, k_res))
        return noise


def main():
    ys = jnp.cumsum(jnp.ones((5, 2)) * 0.1, 0)
    model = BootstrapFilter()
    variables = model.init({"params": jax.random.PRNGKey(0), "proposal": jax.random.PRNGKey(1),
                            "resample": jax.random.PRNGKey(2)}, ys)
    noise = model.apply(variables, ys, rngs={"proposal": jax.random.PRNGKey(3), "resample": jax.random.PRNGKey(4)})
    return noise
