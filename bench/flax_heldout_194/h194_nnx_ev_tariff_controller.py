# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 the fori_loop body takes nnx.value_and_grad of self.model and calls self.optimizer.update, both attributes of one TariffController
"""EV charging-hub tariff fitting driven by a controller object.

The controller owns the tariff model and its optimiser and runs a fixed number of
refit steps over the latest demand window inside one compiled fori_loop.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class TariffModel(nnx.Module):
    def __init__(self, n_features: int, hidden: int, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(n_features, hidden, rngs=rngs)
        self.price = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.price(nnx.relu(self.encode(x))))[..., 0]


class TariffController:
    def __init__(self, model: TariffModel, learning_rate: float):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def _loss(self, model, demand, target_price):
        return jnp.mean((model(demand) - target_price) ** 2)

    def refit(self, demand, target_price, n_steps: int):
        def step(i, running_loss):
            loss, grads = nnx.value_and_grad(self._loss)(self.model, demand, target_price)
            self.optimizer.update(self.model, grads)
            return running_loss + loss

        total = jax.lax.fori_loop(0, n_steps, step, jnp.zeros(()))
        return total / n_steps

    def quote(self, demand):
        return self.model(demand)


def main():
    demand = jax.random.uniform(jax.random.key(2), (32, 5))
    target = 0.2 + demand @ jnp.array([0.1, 0.3, 0.05, 0.0, 0.2])
    controller = TariffController(TariffModel(5, 16, rngs=nnx.Rngs(0)), learning_rate=1e-2)
    print("mean loss", controller.refit(demand, target, n_steps=5))
    print("quote", controller.quote(demand[:3]))
