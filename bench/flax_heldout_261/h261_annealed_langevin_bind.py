# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 `score`, a Linen model bound with mutable batch_stats in annealed_langevin, is called directly in the scan body
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax as jlax


class NoiseConditionalScore(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x, sigma, train: bool = False):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        h = nn.elu(h)
        return nn.Dense(x.shape[-1])(h) / sigma


def dsm_loss(model, variables, x, key, sigma=0.5):
    z = jax.random.normal(key, x.shape)
    s = model.apply(variables, x + sigma * z, sigma)
    return jnp.mean(jnp.sum((sigma * s + z) ** 2, axis=-1))


def annealed_langevin(model, variables, x, key, sigmas, eps=2e-3):
    score = model.bind(variables, mutable=["batch_stats"])
    keys = jax.random.split(key, sigmas.shape[0])

    def level(x, inp):
        sigma, k = inp
        alpha = eps * (sigma / sigmas[-1]) ** 2
        x = x + alpha * score(x, sigma, train=True) + jnp.sqrt(2 * alpha) * jax.random.normal(k, x.shape)
        return x, None

    x, _ = jlax.scan(level, x, (sigmas, keys))
    return x, score.variables


def main():
    model = NoiseConditionalScore()
    x = jax.random.uniform(jax.random.key(0), (16, 2))
    variables = model.init(jax.random.key(1), x, 1.0)
    sigmas = jnp.geomspace(1.0, 0.05, 6)
    samples, variables = annealed_langevin(model, variables, x, jax.random.key(2), sigmas)
    loss = dsm_loss(model, variables, samples, jax.random.key(3))
    jax.block_until_ready(loss)
    return None
