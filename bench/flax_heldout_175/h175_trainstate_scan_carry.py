# label: ok
# flax-error: none
# class: 2 a TrainState local of train() is the carry of the scan body
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

    def body(state, batch):
        x, y = batch
        loss, grads = jax.value_and_grad(loss_fn)(state.params, x, y)
        state = state.apply_gradients(grads=grads)
        return state, loss

    state, losses = jax.lax.scan(body, state, (xs, ys))
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
