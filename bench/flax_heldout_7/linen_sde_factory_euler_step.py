# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a module-level factory closes over a compact-built drift net whose first call happens in the raw scan step
import jax
import jax.numpy as jnp
import flax.linen as nn


def make_euler_maruyama_step(drift_fn, sigma, dt):
    def step(x, noise):
        x = x + drift_fn(x) * dt + sigma * jnp.sqrt(dt) * noise
        return x, x
    return step


class LatentSDE(nn.Module):
    dim: int = 3
    sigma: float = 0.2

    @nn.compact
    def __call__(self, x0, noises):
        drift = nn.Sequential([nn.Dense(32), nn.tanh, nn.Dense(self.dim)])
        step = make_euler_maruyama_step(drift, self.sigma, 0.05)
        _, path = jax.lax.scan(step, x0, noises)
        return path


def main():
    x0 = jnp.zeros((3,))
    noises = jax.random.normal(jax.random.PRNGKey(0), (20, 3))
    sde = LatentSDE()
    params = sde.init(jax.random.PRNGKey(1), x0, noises)
    path = sde.apply(params, x0, noises)
    jnp.sum(path).block_until_ready()
    return None
