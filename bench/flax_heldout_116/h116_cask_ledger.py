# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 CaskAgeingModel.age() runs jax.lax.scan itself and writes self.angel_share (a "ledger" variable) inside the body; apply is called with mutable=["ledger"]
"""Distillery cask ledger: simulates monthly evaporation ("angel's share") for
a rack of casks and records the running loss in a ledger collection."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class CaskAgeingModel(nn.Module):
    hidden: int = 8

    def setup(self):
        self.climate = nn.Dense(self.hidden)
        self.loss_head = nn.Dense(1)
        self.angel_share = self.variable("ledger", "angel_share", jnp.zeros, ())

    def monthly_loss(self, volume, climate):
        rate = nn.sigmoid(self.loss_head(nn.tanh(self.climate(climate))))[..., 0]
        return 0.02 * rate * volume

    def age(self, volume, climate_by_month):
        def body(volume, climate):
            lost = self.monthly_loss(volume, climate)
            self.angel_share.value = self.angel_share.value + lost.sum()
            return volume - lost, lost

        volume, _ = jax.lax.scan(body, volume, climate_by_month)
        return volume

    def __call__(self, volume, climate_by_month):
        if self.is_initializing():
            self.monthly_loss(volume, climate_by_month[0])  # create params outside the loop
        return self.age(volume, climate_by_month)


def close_books(model, variables, volume, climate):
    remaining, ledger = model.apply(variables, volume, climate, mutable=["ledger"])
    return remaining, jnp.round(ledger["ledger"]["angel_share"], 2)


def main():
    model = CaskAgeingModel()
    volume = jnp.full((5,), 200.0)
    climate = jax.random.normal(jax.random.key(4), (12, 5, 3))
    variables = model.init(jax.random.key(0), volume, climate)
    close_books(model, {"params": variables["params"], "ledger": {"angel_share": jnp.zeros(())}},
                volume, climate)
    return None
