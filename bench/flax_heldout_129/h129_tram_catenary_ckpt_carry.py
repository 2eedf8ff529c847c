# label: ok
# flax-error: none
# class: 5 make_wear_step() returns a jax.checkpoint step that applies the model with mutable batch_stats; the updates leave through the scan carry
"""Overhead-line (catenary) wear estimation for a tram network inspection run.

A factory builds a rematerialised step function per inspection run; the run scans it over the
contact-wire spans measured by the pantograph camera.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class WireWearNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, span, train: bool):
        h = nn.Dense(self.hidden)(span)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.softplus(nn.Dense(1)(h))[..., 0]


def make_wear_step(model: nn.Module):
    @jax.checkpoint
    def wear_step(variables, span):
        wear, updates = model.apply(variables, span, train=True, mutable=["batch_stats"])
        return wear, updates["batch_stats"]

    return wear_step


class InspectionRun:
    def __init__(self, model: WireWearNet, variables):
        self.model = model
        self.variables = variables
        self.step = make_wear_step(model)

    def run(self, spans):
        params = self.variables["params"]

        def body(carry, span):
            total, stats = carry
            wear, stats = self.step({"params": params, "batch_stats": stats}, span)
            return (total + wear.sum(), stats), wear

        init = (jnp.zeros(()), self.variables["batch_stats"])
        (total, stats), per_span = jax.lax.scan(body, init, spans)
        self.variables = {**self.variables, "batch_stats": stats}
        return total, per_span

    def replay(self, span):
        return self.model.apply(self.variables, span, train=False)


def main():
    model = WireWearNet()
    spans = jax.random.normal(jax.random.key(5), (10, 6, 4))
    variables = model.init(jax.random.key(0), spans[0], train=False)
    run = InspectionRun(model, variables)
    run.run(spans)
    run.replay(spans[0])
    return None
