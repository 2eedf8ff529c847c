# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the while_loop body calls an nnx.jit step built by make_refit_step and hands it the refitter's self.model and self.optimizer
"""Nowcasting: refit a precipitation-intensity corrector on the latest gauge batch until the loss settles."""
from __future__ import annotations

import abc
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax
from jax import lax


class GaugeCorrector(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.linear = nnx.Linear(features, 1, rngs=rngs)

    def __call__(self, radar):
        return nnx.softplus(self.linear(radar)).squeeze(-1)


def make_refit_step(loss_name: str = "mse"):
    losses = {
        "mse": lambda pred, gauge: jnp.mean((pred - gauge) ** 2),
        "mae": lambda pred, gauge: jnp.mean(jnp.abs(pred - gauge)),
    }
    loss_of = losses[loss_name]

    @nnx.jit
    def step(model, optimizer, radar, gauge):
        def loss_fn(m):
            return loss_of(m(radar), gauge)

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return loss

    return step


@dataclasses.dataclass(frozen=True)
class RefitBudget:
    max_steps: int = 5
    tolerance: float = 1e-3


class BaseRefitter(abc.ABC):
    """refit() is the template; subclasses decide how the steps are driven."""

    def __init__(self, model: nnx.Module, budget: RefitBudget):
        self.model = model
        self.budget = budget
        self.optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)

    def refit(self, radar, gauge):
        steps, loss = self.drive(radar, gauge)
        return self.summarise(steps, loss)

    @abc.abstractmethod
    def drive(self, radar, gauge): ...

    def summarise(self, steps, loss):
        return {"steps": steps, "loss": loss}


class WhileRefitter(BaseRefitter):
    def __init__(self, model, budget, loss_name="mse"):
        super().__init__(model, budget)
        self.step = make_refit_step(loss_name)

    def drive(self, radar, gauge):
        def unsettled(state):
            n, loss = state
            return (n < self.budget.max_steps) & (loss > self.budget.tolerance)

        def one(state):
            n, _ = state
            return n + 1, self.step(self.model, self.optimizer, radar, gauge)

        return lax.while_loop(unsettled, one, (0, jnp.inf))


def main():
    radar = jnp.linspace(0.0, 2.0, 12).reshape(4, 3)
    gauge = jnp.array([0.1, 0.5, 0.9, 1.4])
    refitter = WhileRefitter(GaugeCorrector(3, rngs=nnx.Rngs(0)), RefitBudget())
    summary = refitter.refit(radar, gauge)
    jax.block_until_ready(summary)
    return None
