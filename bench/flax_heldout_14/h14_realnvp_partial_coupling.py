# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 functools.partial of a module-level coupling function (which builds nn.Dense layers) used as the raw scan body of a flow
"""RealNVP-style flow with a stack of affine couplings unrolled by lax.scan.
Excerpt of a small density-estimation project."""
import functools
from typing import Sequence

import jax
import jax.numpy as jnp
import flax.linen as nn


class FlowConfig:
    num_layers: int = 4
    hidden: Sequence[int] = (32, 32)
    clamp: float = 2.0


def mlp(x, hidden, out_dim):
    for width in hidden:
        x = nn.relu(nn.Dense(width)(x))
    return nn.Dense(out_dim, kernel_init=nn.initializers.zeros)(x)


def coupling(cfg, mask, carry, _):
    """One affine coupling: x_b <- x_b * exp(s(x_a)) + t(x_a)."""
    x, logdet = carry
    x_a = x * mask
    st = mlp(x_a, cfg.hidden, 2 * x.shape[-1])
    s, t = jnp.split(st, 2, axis=-1)
    s = cfg.clamp * jnp.tanh(s / cfg.clamp)
    y = x_a + (1 - mask) * (x * jnp.exp(s) + t)
    logdet = logdet + ((1 - mask) * s).sum(-1)
    return (y[..., ::-1], logdet), None


class RealNVP(nn.Module):
    cfg: FlowConfig

    @nn.compact
    def __call__(self, x):
        d = x.shape[-1]
        mask = (jnp.arange(d) < d // 2).astype(x.dtype)
        body = functools.partial(coupling, self.cfg, mask)
        (z, logdet), _ = jax.lax.scan(body, (x, jnp.zeros(x.shape[0])), None,
                                      length=self.cfg.num_layers)
        return z, logdet


def log_prob(model, params, x):
    z, logdet = model.apply(params, x)
    base = -0.5 * (z ** 2).sum(-1) - 0.5 * z.shape[-1] * jnp.log(2 * jnp.pi)
    return base + logdet


def main():
    cfg = FlowConfig()
    model = RealNVP(cfg)
    x = jax.random.normal(jax.random.PRNGKey(0), (8, 4))
    params = model.init(jax.random.PRNGKey(1), x)
    params = jax.tree.map(lambda a: a + 0, params)
    lp = log_prob(model, params, x)
    return None
