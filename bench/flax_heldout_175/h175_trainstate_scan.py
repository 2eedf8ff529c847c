# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a TrainState local of train() is rebound with nonlocal inside the scan body
"""Hand-written training loop: scan over the batches of one epoch, like a PyTorch for-loop."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training import train_state


class MLP(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x):
        x = nn.gelu(nn.Dense(self.hidden)(x))
        return nn.Dense(1)(x)


def train(model, state, xs, ys):
    def loss_fn(params, x, y):
        pred = model.apply({"params": params}, x)
        return jnp.mean((pred - y) ** 2)

    def body(total, batch):
        nonlocal state
        x, y = batch
        loss, grads = jax.value_and_grad(loss_fn)(state.params, x, y)
        state = state.apply_gradients(grads=grads)
        return total + loss, loss

    total, losses = jax.lax.scan(body, 0.0, (xs, ys))
    return state, losses


def main():
    model = MLP()
    kx, kp = jax.random.split(jax.random.key(0))
    xs = jax.random.normal(kx, (8, 16, 4))
    ys = xs.sum(-1, keepdims=True)
    params = model.init(kp, xs[0])["params"]
    state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-2))
    state, losses = train(model, state, xs, ys)
    final = jnp.mean((model.apply({"params": state.params}, xs[0]) - ys[0]) ** 2)
    print("final loss", final, "step", state.step)
    return None


if __name__ == "__main__":
    main()
