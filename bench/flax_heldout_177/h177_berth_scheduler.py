# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_step is a factory returning a step function that closes over model.bind(variables, mutable=['intermediates']); the module sows queue embeddings inside the scan body
"""Harbour berth scheduling: arriving vessels are scored for berth priority one after the other
while the berth load accumulates. A factory builds the scan step around a bound scorer; the
scheduler later reads the queue embeddings the scorer sowed, for the tug dispatcher."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class BerthScorer(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, vessel):
        h = nn.relu(nn.Dense(self.hidden)(vessel))
        self.sow("intermediates", "queue_embedding", h)
        return nn.softplus(nn.Dense(1)(h))[0]


def make_step(model, variables):
    bound = model.bind(variables, mutable=["intermediates"])

    def step(berth_load, vessel):
        priority = bound(vessel)
        return berth_load + priority, priority

    step.bound = bound
    return step


class BerthScheduler:
    def __init__(self, step_fn):
        self.step_fn = step_fn

    def assign(self, arrivals):
        load, priorities = scan(self.step_fn, jnp.zeros(()), arrivals)
        return load, priorities

    def tug_features(self):
        sown = self.step_fn.bound.variables["intermediates"]["queue_embedding"]
        return jnp.stack(sown).mean(0)


def main():
    model = BerthScorer()
    arrivals = jax.random.uniform(jax.random.key(0), (6, 5))  # length, draft, cargo, eta, tide
    variables = model.init(jax.random.key(1), arrivals[0])
    scheduler = BerthScheduler(make_step(model, {"params": variables["params"]}))
    scheduler.assign(arrivals)
    scheduler.tug_features().block_until_ready()
    return None
