# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 nn.Dense layers of the coupling are declared inline in the fori_loop body of a compact __call__, so init creates them there
"""Weight-tied affine coupling flow for density estimation on 4-d data.

One coupling network is applied n_steps times (with a swap of the halves between
steps), which keeps the parameter count independent of the flow depth.
"""
import dataclasses
import math

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class FlowConfig:
    dim: int = 4
    hidden: int = 32
    n_steps: int = 4


class TiedCouplingFlow(nn.Module):
    cfg: FlowConfig

    @nn.compact
    def __call__(self, x):
        half = self.cfg.dim // 2

        def body(i, state):
            z, logdet = state
            z1, z2 = z[:, :half], z[:, half:]
            h = nn.tanh(nn.Dense(self.cfg.hidden, name="cond")(z1))
            log_s = nn.tanh(nn.Dense(half, name="log_scale")(h))
            shift = nn.Dense(half, name="shift")(h)
            z2 = z2 * jnp.exp(log_s) + shift
            return jnp.concatenate([z2, z1], axis=-1), logdet + log_s.sum(-1)

        z, logdet = lax.fori_loop(0, self.cfg.n_steps, body, (x, jnp.zeros(x.shape[0])))
        base = -0.5 * jnp.sum(z**2, axis=-1) - 0.5 * self.cfg.dim * math.log(2 * math.pi)
        return base + logdet


def nll(model, params, batch):
    return -jnp.mean(model.apply({"params": params}, batch))


def main():
    cfg = FlowConfig()
    flow = TiedCouplingFlow(cfg)
    batch = jax.random.normal(jax.random.key(0), (16, cfg.dim)) * jnp.array([1.0, 0.5, 2.0, 1.0])
    params = flow.init(jax.random.key(1), batch)["params"]
    loss, grads = jax.value_and_grad(lambda p: nll(flow, p, batch))(params)
    params = jax.tree.map(lambda p, g: p - 1e-2 * g, params, grads)
    nll(flow, params, batch)
    return None
