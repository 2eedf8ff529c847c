# label: trace-context
# flax-error: TraceContextError: Cannot mutate SSMState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a streaming server calls stream(), whose lax.scan body steps each S5 layer in a list and each layer writes its SSMState variable
"""Streaming inference server for a stack of diagonal S5-style state-space layers."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class S5Config:
    d_model: int = 6
    d_state: int = 12
    n_layers: int = 2
    dt: float = 0.1


class SSMState(nnx.Variable):
    pass


class S5Layer(nnx.Module):
    def __init__(self, cfg, rngs):
        self.log_neg_lambda = nnx.Param(jnp.log(jnp.linspace(0.5, 4.0, cfg.d_state)))
        self.B = nnx.Param(jax.random.normal(rngs.params(), (cfg.d_state, cfg.d_model)) * 0.3)
        self.C = nnx.Param(jax.random.normal(rngs.params(), (cfg.d_model, cfg.d_state)) * 0.3)
        self.D = nnx.Param(jnp.ones((cfg.d_model,)))
        self.state = SSMState(jnp.zeros((cfg.d_state,)))
        self.dt = cfg.dt

    def discretize(self):
        lam = -jnp.exp(self.log_neg_lambda[...])
        a_bar = jnp.exp(lam * self.dt)
        return a_bar, ((a_bar - 1.0) / lam)[:, None] * self.B[...]

    def apply_step(self, x, u):
        a_bar, b_bar = self.discretize()
        x = a_bar * x + b_bar @ u
        return x, nnx.gelu(self.C[...] @ x + self.D[...] * u) + u

    def step(self, u):
        x, y = self.apply_step(self.state[...], u)
        self.state[...] = x
        return y


class S5Stack(nnx.Module):
    def __init__(self, cfg, rngs):
        self.layers = nnx.List([S5Layer(cfg, rngs) for _ in range(cfg.n_layers)])

    def step(self, u):
        for layer in self.layers:
            u = layer.step(u)
        return u

    def stream(self, chunk):
        _, ys = jax.lax.scan(lambda c, u: (c, self.step(u)), None, chunk)
        return ys


class StreamingServer:
    def __init__(self, model):
        self.model = model

    def process(self, chunk):
        return self.model.stream(chunk)


def main():
    cfg = S5Config()
    server = StreamingServer(S5Stack(cfg, nnx.Rngs(0)))
    signal = jax.random.normal(jax.random.key(1), (3, 10, cfg.d_model))
    outs = [server.process(chunk) for chunk in signal]
    print(jnp.concatenate(outs).std())
    return None
