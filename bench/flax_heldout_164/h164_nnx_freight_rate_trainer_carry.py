# label: ok
# flax-error: none
# class: 4 FreightPricingService -> TrainingEngine.model / .optimizer (nnx.Optimizer), split before the fori_loop, state carried, nnx.update after
"""Freight brokerage: nightly refit of the spot-rate model on the day's lane quotes.

The pricing service owns a training engine holding the model and its nnx.Optimizer; the
refit runs a fixed number of full-batch steps with jax.lax.fori_loop.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class SpotRateModel(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 24, rngs=rngs)
        self.out = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, lanes):
        return self.out(nnx.silu(self.hidden(lanes)))[:, 0]


def quote_loss(model, lanes, rates):
    return jnp.mean((model(lanes) - rates) ** 2)


class TrainingEngine:
    def __init__(self, model, learning_rate: float):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def fit(self, lanes, rates, steps: int):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(i, carry):
            state, running = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(quote_loss)(model, lanes, rates)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), running + loss

        state, total = jax.lax.fori_loop(0, steps, step, (state, jnp.zeros(())))
        nnx.update((self.model, self.optimizer), state)
        return total / steps


class FreightPricingService:
    def __init__(self, n_features: int):
        self.engine = TrainingEngine(SpotRateModel(n_features, nnx.Rngs(0)), 3e-3)

    def nightly_refit(self, quotes):
        return self.engine.fit(quotes["lanes"], quotes["rates"], steps=20)

    def quote(self, lanes):
        return self.engine.model(lanes)


def main():
    lanes = jax.random.normal(jax.random.key(1), (32, 9))
    rates = lanes @ jnp.linspace(0.5, 1.5, 9) + 3.0
    service = FreightPricingService(9)
    mean_loss = service.nightly_refit({"lanes": lanes, "rates": rates})
    print("mean loss", mean_loss, "quote", service.quote(lanes[:2]))
    return None
