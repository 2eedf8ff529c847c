# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the sampler's eps_net submodule is called from a jax.checkpoint-wrapped scan step, so its params are first created inside the body during init
import jax
import jax.numpy as jnp
from flax import linen as nn


class EpsMLP(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x, t):
        t_emb = jnp.stack([jnp.sin(t / 4.0), jnp.cos(t / 4.0)]) * jnp.ones(x.shape[:-1] + (2,))
        h = nn.swish(nn.Dense(self.hidden, name='in_proj')(jnp.concatenate([x, t_emb], -1)))
        return nn.Dense(x.shape[-1], name='out_proj')(h)


class DDIMSampler(nn.Module):
    num_steps: int = 5
    hidden: int = 24

    @nn.compact
    def __call__(self, x_T):
        alpha_bars = jnp.cumprod(1.0 - jnp.linspace(1e-4, 0.05, self.num_steps))
        alpha_bars_prev = jnp.concatenate([jnp.ones((1,)), alpha_bars[:-1]])
        eps_net = EpsMLP(self.hidden, name='eps_net')

        @jax.checkpoint
        def ddim_step(x, i):
            t = self.num_steps - 1 - i
            eps = eps_net(x, t.astype(jnp.float32))
            x0 = (x - jnp.sqrt(1.0 - alpha_bars[t]) * eps) / jnp.sqrt(alpha_bars[t])
            x = jnp.sqrt(alpha_bars_prev[t]) * x0 + jnp.sqrt(1.0 - alpha_bars_prev[t]) * eps
            return x, x0

        x_0, _ = jax.lax.scan(ddim_step, x_T, jnp.arange(self.num_steps))
        return x_0


def main():
    sampler = DDIMSampler()
    x_T = jax.random.normal(jax.random.key(0), (4, 2))
    variables = sampler.init(jax.random.key(1), x_T)
    x_0 = sampler.apply(variables, x_T)
    jax.block_until_ready(x_0)
