# label: ok
# flax-error: none
# class: 4 FermentationService.adapt scans online SGD over a tank's readings with the params carried; service.sessions[tank] is merged from the final carry after the loop
"""Winery fermentation monitoring: every tank gets its own copy of the sugar-drop model,
adapted online to the tank's hydrometer readings and then kept in the service's session map
for the dashboards."""
import jax
import jax.numpy as jnp
from flax import nnx


class SugarDropModel(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))[..., 0]


class FermentationService:
    def __init__(self, base_model, lr=0.05):
        self.graphdef, self.base_params = nnx.split(base_model, nnx.Param)
        self.sessions = {}
        self.lr = lr

    def adapt(self, tank, readings, targets):
        def sgd_step(params, batch):
            x, y = batch
            model = nnx.merge(self.graphdef, params)
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            params = jax.tree.map(lambda p, g: p - self.lr * g, nnx.state(model, nnx.Param), grads)
            return params, loss

        params, losses = jax.lax.scan(sgd_step, self.base_params, (readings, targets))
        self.sessions[tank] = nnx.merge(self.graphdef, params)
        return losses

    def predict(self, tank, x):
        return self.sessions[tank](x)


def main():
    service = FermentationService(SugarDropModel(rngs=nnx.Rngs(0)))
    readings = jax.random.normal(jax.random.key(1), (20, 8, 4))  # temp, brix, pH, hours
    targets = jax.random.normal(jax.random.key(2), (20, 8))
    service.adapt("tank-07", readings, targets)
    print("next brix drop:", service.predict("tank-07", readings[-1]))
    return None
