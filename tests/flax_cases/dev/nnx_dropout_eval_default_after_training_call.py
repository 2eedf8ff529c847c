# label: ok
# flax-error: none
# class: 3 the model trains with `train=True` outside the loop; the raw scan body calls it with the `train=False` default, so its Dropout and BatchNorm are switched off there
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x, train: bool = False):
        h = self.norm(jax.nn.relu(self.hidden(x)), use_running_average=not train)
        return self.out(self.dropout(h, deterministic=not train))


def main():
    model = Regressor(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    x, y = jnp.ones((8, 3)), jnp.zeros((8, 1))

    def loss_fn(m):
        return jnp.mean((m(x, train=True) - y) ** 2)

    grads = nnx.grad(loss_fn)(model)
    optimizer.update(model, grads)

    def forecast(total, batch):
        pred = model(batch)
        return total + pred.sum(), pred

    jax.lax.scan(forecast, 0.0, jnp.ones((4, 8, 3)))
