# label: ok
# flax-error: none
# class: 2 the `variables` dict local to main is split; batch_stats ride in the fori_loop carry and come back through mutable=["batch_stats"]
"""Small classifier with BatchNorm trained for a fixed number of steps; the training
loop is a lax.fori_loop so the whole run compiles as one program."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Classifier(nn.Module):
    classes: int = 3

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(self.classes)(x)


def main():
    model = Classifier()
    kx, ky, kinit = jax.random.split(jax.random.key(0), 3)
    x = jax.random.normal(kx, (64, 8))
    y = jax.random.randint(ky, (64,), 0, 3)
    variables = model.init(kinit, x, train=False)
    lr = 0.05

    def loss_fn(params, batch_stats, xb, yb):
        logits, updates = model.apply(
            {"params": params, "batch_stats": batch_stats}, xb, mutable=["batch_stats"]
        )
        onehot = jax.nn.one_hot(yb, 3)
        loss = -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits), -1))
        return loss, updates["batch_stats"]

    def train_step(i, state):
        params, batch_stats = state
        idx = (i * 16 + jnp.arange(16)) % 64
        grads, batch_stats = jax.grad(loss_fn, has_aux=True)(params, batch_stats, x[idx], y[idx])
        params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
        return params, batch_stats

    params, batch_stats = jax.lax.fori_loop(
        0, 20, train_step, (variables["params"], variables["batch_stats"])
    )
    logits = model.apply({"params": params, "batch_stats": batch_stats}, x, train=False)
    acc = jnp.mean(jnp.argmax(logits, -1) == y)
    return None
