# label: ok
# flax-error: none
# class: 2 the scan body of each layer's recurrent mode calls a discretize helper that only reads SSM Params; the stacked model is in eval mode so its Dropout draws nothing
"""Diagonal state-space sequence model in NNX, evaluated in its recurrent (streaming) form."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class SSMConfig:
    d_model: int = 8
    d_state: int = 4
    num_layers: int = 2
    dropout: float = 0.1


class DiagonalSSM(nnx.Module):
    def __init__(self, cfg, rngs):
        h, n = cfg.d_model, cfg.d_state
        self.log_a = nnx.Param(jnp.log(0.5 + jnp.arange(n, dtype=jnp.float32))[None].repeat(h, 0))
        self.log_dt = nnx.Param(jax.random.uniform(rngs.params(), (h,), minval=-3.0, maxval=-1.0))
        self.b = nnx.Param(jax.random.normal(rngs.params(), (h, n)))
        self.c = nnx.Param(jax.random.normal(rngs.params(), (h, n)) * 0.5)
        self.d = nnx.Param(jnp.ones((h,)))

    def _discretize(self):
        a = -jnp.exp(self.log_a[...])
        dt = jnp.exp(self.log_dt[...])[:, None]
        a_bar = jnp.exp(dt * a)
        return a_bar, (a_bar - 1.0) / a * self.b[...]

    def __call__(self, u):
        def body(x, u_t):
            a_bar, b_bar = self._discretize()
            x = a_bar * x + b_bar * u_t[:, None]
            return x, (x * self.c[...]).sum(-1) + self.d[...] * u_t

        _, y = jax.lax.scan(body, jnp.zeros(self.b.shape), u)
        return y


class SSMLayer(nnx.Module):
    def __init__(self, cfg, rngs):
        self.norm = nnx.LayerNorm(cfg.d_model, rngs=rngs)
        self.ssm = DiagonalSSM(cfg, rngs)
        self.drop = nnx.Dropout(cfg.dropout, rngs=rngs)
        self.mix = nnx.Linear(cfg.d_model, cfg.d_model, rngs=rngs)

    def __call__(self, u):
        return u + self.mix(self.drop(nnx.gelu(self.ssm(self.norm(u)))))


class SequenceModel(nnx.Module):
    def __init__(self, cfg, rngs):
        self.encoder = nnx.Linear(1, cfg.d_model, rngs=rngs)
        self.layers = nnx.List([SSMLayer(cfg, rngs) for _ in range(cfg.num_layers)])
        self.decoder = nnx.Linear(cfg.d_model, 1, rngs=rngs)

    def __call__(self, signal):
        h = self.encoder(signal)
        for layer in self.layers:
            h = layer(h)
        return self.decoder(h)


def main():
    cfg = SSMConfig()
    model = SequenceModel(cfg, nnx.Rngs(0))
    model.eval()
    signal = jnp.sin(jnp.linspace(0.0, 6.0, 20))[:, None]
    pred = model(signal)
    jnp.mean((pred[:-1] - signal[1:]) ** 2).block_until_ready()
    return None
