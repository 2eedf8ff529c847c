# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 "train until converged" jax.lax.while_loop; the body reassigns the outer TrainState via nonlocal instead of carrying it
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training.train_state import TrainState


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.relu(nn.Dense(16)(x)))


def main():
    model = MLP()
    x = jnp.linspace(-1, 1, 32)[:, None]
    y = x ** 2
    params = model.init(jax.random.key(0), x)["params"]
    state = TrainState.create(apply_fn=model.apply, params=params, tx=optax.sgd(0.1))

    def loss_fn(params):
        return jnp.mean((state.apply_fn({"params": params}, x) - y) ** 2)

    def cond(carry):
        step, loss = carry
        return (step < 20) & (loss > 1e-3)

    def body(carry):
        nonlocal state
        step, _ = carry
        loss, grads = jax.value_and_grad(loss_fn)(state.params)
        state = state.apply_gradients(grads=grads)
        return step + 1, loss

    steps, final_loss = jax.lax.while_loop(cond, body, (0, jnp.inf))
    preds = state.apply_fn({"params": state.params}, x)
    preds.block_until_ready()
    return None
