# label: ok
# flax-error: none
# class: 4 BerthPlanner carries the split state through the scan and publishes nnx.merge(graphdef, final_state) to ModelRegistry after the loop
"""Ferry terminal berth allocation: arrival-delay model adapted over the day's sailings."""
import jax
import jax.numpy as jnp
from flax import nnx


class ArrivalDelay(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.wind = nnx.Linear(4, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, momentum=0.7, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, sailings):
        return nnx.softplus(self.out(nnx.relu(self.norm(self.wind(sailings)))))[:, 0]


class ModelRegistry:
    """Serving side: whichever model was published last answers berth queries."""

    def __init__(self):
        self._latest = None

    def publish(self, model):
        self._latest = model

    def query(self, sailings):
        return self._latest(sailings)


class BerthPlanner:
    def __init__(self, model: ArrivalDelay, registry: ModelRegistry):
        self.model = model
        self.registry = registry

    def adapt(self, day):
        self.model.train()
        graphdef, state = nnx.split(self.model)

        def sailing_block(state, block):
            model = nnx.merge(graphdef, state)
            delays = model(block)
            return nnx.state(model), delays.max()

        state, worst = jax.lax.scan(sailing_block, state, day)
        self.registry.publish(nnx.merge(graphdef, state))
        nnx.update(self.model, state)
        return worst


def main():
    day = jax.random.normal(jax.random.key(6), (9, 5, 4))
    registry = ModelRegistry()
    planner = BerthPlanner(ArrivalDelay(nnx.Rngs(0)), registry)
    planner.adapt(day)
    forecast = registry.query(day[-1])
    print("next block delays", forecast)
    return None
