# label: ok
# flax-error: none
# class: 5 make_train_step() closes over the graphdef of (model, optimizer); their state travels in the fori_loop carry and is merged in the body
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class DragModel(nnx.Module):
    def __init__(self, taps: int, *, rngs: nnx.Rngs):
        self.body = nnx.Linear(taps, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    @classmethod
    def from_checkpoint(cls, checkpoint: dict):
        model = cls(checkpoint["taps"], rngs=nnx.Rngs(checkpoint["seed"]))
        model.head.bias[...] = jnp.full((1,), checkpoint["drag_offset"])
        return model

    def __call__(self, pressures):
        return self.head(nnx.tanh(self.body(pressures)))[..., 0]


def drag_loss(model, pressures, drag):
    return jnp.mean((model(pressures) - drag) ** 2)


def make_train_step(graphdef, pressures, drag):
    def train_step(i, carry):
        state, running = carry
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(drag_loss)(model, pressures[i], drag[i])
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), running + loss

    return train_step


def balance_readings(runs: int = 4, taps: int = 5, batch: int = 3):
    r = jnp.arange(runs * batch * taps, dtype=jnp.float32).reshape(runs, batch, taps)
    pressures = jnp.sin(0.1 * r)
    drag = 0.3 * pressures.sum(-1)
    return pressures, drag


def main():
    model = DragModel.from_checkpoint({"taps": 5, "seed": 6, "drag_offset": 0.1})
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    pressures, drag = balance_readings()
    graphdef, state = nnx.split((model, optimizer))
    step = make_train_step(graphdef, pressures, drag)
    state, total = jax.lax.fori_loop(0, pressures.shape[0], step, (state, jnp.float32(0.0)))
    nnx.update((model, optimizer), state)
    jax.block_until_ready((total, model.head.bias[...]))
    return None
