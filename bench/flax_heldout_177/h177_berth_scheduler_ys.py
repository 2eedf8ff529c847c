# label: ok
# flax-error: none
# class: 5 make_step is a factory returning a step function that applies the model with mutable=['intermediates'] and returns the sown queue embedding as the scan output
"""Harbour berth scheduling: arriving vessels are scored for berth priority one after the other
while the berth load accumulates. A factory builds the scan step; the step returns what the scorer
sowed as part of its per-vessel output, and the tug dispatcher reads the stacked outputs."""
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
    def step(berth_load, vessel):
        priority, state = model.apply(variables, vessel, mutable=["intermediates"])
        embedding = state["intermediates"]["queue_embedding"][0]
        return berth_load + priority, (priority, embedding)

    return step


class BerthScheduler:
    def __init__(self, step_fn):
        self.step_fn = step_fn
        self.embeddings = None

    def assign(self, arrivals):
        load, (priorities, self.embeddings) = scan(self.step_fn, jnp.zeros(()), arrivals)
        return load, priorities

    def tug_features(self):
        return self.embeddings.mean(0)


def main():
    model = BerthScorer()
    arrivals = jax.random.uniform(jax.random.key(0), (6, 5))  # length, draft, cargo, eta, tide
    variables = model.init(jax.random.key(1), arrivals[0])
    scheduler = BerthScheduler(make_step(model, {"params": variables["params"]}))
    scheduler.assign(arrivals)
    scheduler.tug_features().block_until_ready()
    return None
