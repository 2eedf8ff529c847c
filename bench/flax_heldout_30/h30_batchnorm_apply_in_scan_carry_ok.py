# label: ok
# flax-error: none
# class: 3 model.apply(..., mutable=['batch_stats']) is called inside the raw lax.scan body of a training loop and the returned batch_stats are carried to the next step
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from jax.lax import scan


class ChunkEncoder(nn.Module):
    features: int = 4

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(1)(nn.relu(x))


def make_epoch(model, tx):
    def loss_fn(params, batch_stats, x, y):
        pred, updates = model.apply(
            {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
        )
        return jnp.mean((pred.squeeze(-1) - y) ** 2), updates["batch_stats"]

    def body(carry, batch):
        params, batch_stats, opt_state = carry
        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch_stats, *batch)
        upd, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, upd)
        return (params, batch_stats, opt_state), loss

    @jax.jit
    def epoch(params, batch_stats, opt_state, xs, ys):
        return scan(body, (params, batch_stats, opt_state), (xs, ys))

    return epoch


def main():
    model = ChunkEncoder()
    xs = jax.random.normal(jax.random.key(0), (4, 8, 3))
    ys = xs.sum(-1)
    variables = model.init(jax.random.key(1), xs[0])
    tx = optax.adam(1e-2)
    epoch = make_epoch(model, tx)
    (params, batch_stats, _), losses = epoch(variables["params"], variables["batch_stats"], tx.init(variables["params"]), xs, ys)
    preds = model.apply({"params": params, "batch_stats": batch_stats}, xs[0])
    print(losses, preds.shape)
    return None
