# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 SeasonTrainer.model and SeasonTrainer.optimizer (nnx.Optimizer) used directly in the fori_loop body
"""Run-rate model refresh for a cricket analytics desk.

Between matches the desk refits a small run-rate model on the latest overs;
the trainer runs a fixed number of full-batch Adam steps.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax

lax = jax.lax


class RunRateModel(nnx.Module):
    def __init__(self, n_features: int, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, overs):
        return self.out(nnx.relu(self.hidden(overs)))[..., 0]


def mse(model: RunRateModel, overs, runs):
    return jnp.mean((model(overs) - runs) ** 2)


class SeasonTrainer:
    def __init__(self, model: RunRateModel, learning_rate: float):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def fit(self, overs, runs, steps: int):
        def body(_, total):
            loss, grads = nnx.value_and_grad(mse)(self.model, overs, runs)
            self.optimizer.update(self.model, grads)
            return total + loss

        return lax.fori_loop(0, steps, body, jnp.float32(0.0)) / steps


def main():
    # balls faced, boundaries, dot-ball share, wickets in hand, powerplay flag
    overs = jnp.sin(jnp.arange(20 * 5, dtype=jnp.float32).reshape(20, 5))
    runs = 6.0 + 2.0 * overs[:, 1] - overs[:, 2]
    trainer = SeasonTrainer(RunRateModel(5, rngs=nnx.Rngs(0)), learning_rate=1e-2)
    trainer.fit(overs, runs, steps=5)
    return None
