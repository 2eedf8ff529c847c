# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a StatsSyncHook in the DispatchTrainer's callback list writes the new batch_stats onto trainer.state from inside the fori_loop body
"""Ambulance dispatch: an ETA model adapts its normalisation statistics to tonight's calls;
callbacks keep the trainer state in sync, and an evaluator scores the unit choice afterwards."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class EtaModel(nn.Module):
    @nn.compact
    def __call__(self, calls, train: bool = False):
        h = nn.Dense(12)(calls)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.softplus(nn.Dense(1)(nn.gelu(h)))[..., 0]  # minutes to scene


@dataclasses.dataclass
class DispatchState:
    params: dict
    batch_stats: dict
    step: int = 0


class StatsSyncHook:
    def on_step(self, trainer, updates):
        trainer.state.batch_stats = updates["batch_stats"]


class DispatchTrainer:
    def __init__(self, model, state, hooks):
        self.model, self.state, self.hooks = model, state, hooks

    def adapt(self, nights):
        def body(i, worst):
            eta, updates = self.model.apply(
                {"params": self.state.params, "batch_stats": self.state.batch_stats},
                nights[i], train=True, mutable=["batch_stats"])
            for hook in self.hooks:
                hook.on_step(self, updates)
            return jnp.maximum(worst, eta.max())

        return lax.fori_loop(0, nights.shape[0], body, jnp.float32(0.0))


class DispatchEvaluator:
    def score(self, trainer, calls):
        eta = trainer.model.apply({"params": trainer.state.params, "batch_stats": trainer.state.batch_stats}, calls)
        return jnp.argmin(eta)


def main():
    # distance, traffic index, unit readiness, priority, hour
    nights = jax.random.uniform(jax.random.PRNGKey(0), (5, 8, 5))
    model = EtaModel()
    variables = model.init(jax.random.PRNGKey(1), nights[0])
    trainer = DispatchTrainer(model, DispatchState(variables["params"], variables["batch_stats"]), [StatsSyncHook()])
    trainer.adapt(nights)
    DispatchEvaluator().score(trainer, nights[-1]).block_until_ready()
    return None
