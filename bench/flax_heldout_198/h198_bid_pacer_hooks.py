# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 CampaignRunner scans over hourly auctions calling engine.bound, a PacingModel bound with mutable intermediates by PacingEngine; its sown spend rates are read afterwards by the callback list
"""Ad campaign bid pacing: a pacing model sets the bid multiplier for each hourly auction
batch; monitoring callbacks read the spend rates the model records."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class PacingModel(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, auction_feats, budget_left):
        h = nn.relu(nn.Dense(self.hidden)(auction_feats))
        spend_rate = nn.sigmoid(nn.Dense(1)(h))[..., 0]
        self.sow("intermediates", "spend_rate", spend_rate)
        return jnp.minimum(spend_rate * 2.0, budget_left)


class PacingEngine:
    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["intermediates"])

    def recorded(self):
        return self.bound.variables["intermediates"]["spend_rate"]


class SpendLogger:
    def __init__(self):
        self.history = []

    def on_day_end(self, engine):
        self.history.append(jnp.mean(jnp.stack(engine.recorded())))


class OverspendAlert:
    def __init__(self, limit):
        self.limit = limit
        self.fired = False

    def on_day_end(self, engine):
        self.fired = bool(jnp.max(jnp.stack(engine.recorded())) > self.limit)


class CampaignRunner:
    def __init__(self, engine, callbacks):
        self.engine = engine
        self.callbacks = callbacks

    def _hour(self, budget, auction_feats):
        spend = self.engine.bound(auction_feats, budget)
        return budget - jnp.sum(spend), spend

    def run_day(self, auctions, budget):
        budget, spends = lax.scan(self._hour, budget, auctions)
        for callback in self.callbacks:
            callback.on_day_end(self.engine)
        return budget, spends


def main():
    auctions = jax.random.normal(jax.random.key(0), (24, 5, 6))
    model = PacingModel()
    variables = model.init(jax.random.key(1), auctions[0], jnp.float32(100.0))
    variables = {"params": variables["params"]}
    runner = CampaignRunner(PacingEngine(model, variables), [SpendLogger(), OverspendAlert(0.9)])
    budget, _ = runner.run_day(auctions, jnp.float32(100.0))
    print(budget)
    return None
