# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 setup submodule (update block) first called inside the raw lax.scan body during init
"""RAFT-style optical flow refinement: a recurrent update block iteratively refines flow."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class FlowConfig:
    hidden: int = 16
    corr_dim: int = 8
    iters: int = 4


class MotionEncoder(nn.Module):
    cfg: FlowConfig

    @nn.compact
    def __call__(self, corr, flow):
        c = nn.relu(nn.Dense(self.cfg.corr_dim, name="corr_proj")(corr))
        f = nn.relu(nn.Dense(self.cfg.corr_dim, name="flow_proj")(flow))
        return jnp.concatenate([c, f, flow], axis=-1)


class UpdateBlock(nn.Module):
    cfg: FlowConfig

    def setup(self):
        self.encoder = MotionEncoder(self.cfg)
        self.gru = nn.GRUCell(features=self.cfg.hidden)
        self.flow_head = nn.Dense(2)

    def __call__(self, hidden, corr, flow):
        motion = self.encoder(corr, flow)
        hidden, _ = self.gru(hidden, motion)
        return hidden, self.flow_head(hidden)


class FlowRefiner(nn.Module):
    cfg: FlowConfig

    def setup(self):
        self.update_block = UpdateBlock(self.cfg)
        self.context = nn.Dense(self.cfg.hidden)

    def refine_step(self, carry, _):
        hidden, flow, corr = carry
        hidden, delta = self.update_block(hidden, corr, flow)
        flow = flow + delta
        return (hidden, flow, corr), flow

    def __call__(self, features, corr):
        hidden = jnp.tanh(self.context(features))
        flow = jnp.zeros(features.shape[:-1] + (2,))
        (_, flow, _), history = jax.lax.scan(
            self.refine_step, (hidden, flow, corr), None, length=self.cfg.iters)
        return flow, history


def main():
    cfg = FlowConfig()
    model = FlowRefiner(cfg)
    features = jnp.ones((6, 10))
    corr = jnp.linspace(-1.0, 1.0, 6 * 12).reshape(6, 12)
    variables = model.init(jax.random.key(0), features, corr)
    flow, history = model.apply(variables, features, corr)
    epe = jnp.mean(jnp.linalg.norm(history - flow[None], axis=-1))
    print("final flow norm", float(jnp.linalg.norm(flow)), "epe", float(epe))
    return None
