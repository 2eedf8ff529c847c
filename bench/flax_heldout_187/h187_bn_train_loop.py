# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the `variables` dict local to main goes into the fori_loop body, applied in train mode without mutable
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

    def loss_fn(params, xb, yb):
        logits = model.apply({"params": params, "batch_stats": variables["batch_stats"]}, xb)
        onehot = jax.nn.one_hot(yb, 3)
        return -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits), -1))

    def train_step(i, params):
        idx = (i * 16 + jnp.arange(16)) % 64
        grads = jax.grad(loss_fn)(params, x[idx], y[idx])
        return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)

    params = jax.lax.fori_loop(0, 20, train_step, variables["params"])
    logits = model.apply({"params": params, "batch_stats": variables["batch_stats"]}, x, train=False)
    acc = jnp.mean(jnp.argmax(logits, -1) == y)
    return None
