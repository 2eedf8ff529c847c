# label: ok
# flax-error: none
# class: 3 the controller splits (self.model, self.optimizer) with nnx.split, carries the state through fori_loop, merges it in the body and nnx.update's it back
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(i, carry):
            state, running_loss = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(self._loss)(model, demand, target_price)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), running_loss + loss

        state, total = jax.lax.fori_loop(0, n_steps, step, (state, jnp.zeros(())))
        nnx.update((self.model, self.optimizer), state)
        return total / n_steps

    def quote(self, demand):
        return self.model(demand)


def main():
    demand = jax.random.uniform(jax.random.key(2), (32, 5))
    target = 0.2 + demand @ jnp.array([0.1, 0.3, 0.05, 0.0, 0.2])
    controller = TariffController(TariffModel(5, 16, rngs=nnx.Rngs(0)), learning_rate=1e-2)
    print("mean loss", controller.refit(demand, target, n_steps=5))
    print("quote", controller.quote(demand[:3]), "step", controller.optimizer.step.value)
