# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a step function built by a factory runs the hook list inside the scan body; a hook keeps the traced loss in its own history list
"""Training orchestrator with a hook/plugin list, driving a Linen regressor with a scanned inner loop."""
import dataclasses
from typing import Callable, List

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn

lax = jax.lax


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.relu(nn.Dense(32)(x)))[..., 0]


class Hook:
    def on_step(self, step, metrics):
        pass

    def on_end(self):
        pass


class LossHistory(Hook):
    def __init__(self):
        self.history = []

    def on_step(self, step, metrics):
        self.history.append(metrics["loss"])

    def on_end(self):
        return jnp.stack(self.history).mean()


@dataclasses.dataclass
class OrchestratorConfig:
    lr: float = 1e-2
    steps_per_call: int = 4


def make_train_step(model, tx, hooks: List[Hook]) -> Callable:
    def loss_fn(params, x, y):
        return jnp.mean((model.apply({"params": params}, x) - y) ** 2)

    def train_step(carry, batch):
        params, opt_state, step = carry
        loss, grads = jax.value_and_grad(loss_fn)(params, *batch)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        for hook in hooks:
            hook.on_step(step, {"loss": loss})
        return (params, opt_state, step + 1), None

    return train_step


class Orchestrator:
    def __init__(self, cfg: OrchestratorConfig, hooks):
        self.cfg = cfg
        self.hooks = hooks
        self.model = Regressor()
        self.tx = optax.adam(cfg.lr)
        self.params = self.model.init(jax.random.PRNGKey(0), jnp.zeros((1, 5)))["params"]
        self.opt_state = self.tx.init(self.params)
        self.step_fn = make_train_step(self.model, self.tx, hooks)

    def fit(self, xs, ys):
        (self.params, self.opt_state, _), _ = lax.scan(
            self.step_fn, (self.params, self.opt_state, 0), (xs, ys))
        return [hook.on_end() for hook in self.hooks]


def main():
    xs = jax.random.normal(jax.random.PRNGKey(1), (4, 8, 5))
    ys = xs.sum(-1)
    orch = Orchestrator(OrchestratorConfig(), [Hook(), LossHistory()])
    out = orch.fit(xs, ys)
    jax.block_until_ready(out[1])
    return None
