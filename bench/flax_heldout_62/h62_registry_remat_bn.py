# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(CheckpointResBlock_0)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a registry-built model with nn.remat BatchNorm blocks; a step factory closes over model.apply and wraps the scan body in jax.checkpoint
"""Model registry plus a train-step factory: the ResMLP uses rematerialised BatchNorm blocks,
and the factory's step scans over micro-batches with a checkpointed body."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn

MODEL_REGISTRY = {}


def register(name):
    def deco(cls):
        MODEL_REGISTRY[name] = cls
        return cls
    return deco


class ResBlock(nn.Module):
    features: int
    train: bool = True

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(self.features)(x)
        y = nn.BatchNorm(use_running_average=not self.train)(y)
        return x + nn.relu(y)


@register("resmlp")
class ResMLP(nn.Module):
    features: int = 16
    depth: int = 2

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.features)(x)
        Block = nn.remat(ResBlock)
        for _ in range(self.depth):
            x = Block(self.features, train=train)(x)
        return nn.Dense(1)(x)


def create_model(name, **kwargs):
    return MODEL_REGISTRY[name](**kwargs)


def make_train_step(model, tx):
    def micro_loss(params, batch_stats, x, y):
        pred = model.apply({"params": params, "batch_stats": batch_stats}, x, train=True)
        return jnp.mean((pred - y) ** 2)

    def train_step(variables, opt_state, xs, ys):
        params, batch_stats = variables["params"], variables["batch_stats"]

        @jax.checkpoint
        def body(acc, batch):
            g = jax.grad(micro_loss)(params, batch_stats, *batch)
            return jax.tree.map(jnp.add, acc, g), None

        grads, _ = jax.lax.scan(body, jax.tree.map(jnp.zeros_like, params), (xs, ys))
        updates, opt_state = tx.update(grads, opt_state, params)
        return {**variables, "params": optax.apply_updates(params, updates)}, opt_state

    return jax.jit(train_step)


def main():
    model = create_model("resmlp", depth=2)
    xs = jax.random.normal(jax.random.key(0), (3, 8, 4))
    ys = jnp.sin(xs.sum(-1, keepdims=True))
    variables = model.init(jax.random.key(1), xs[0], train=False)
    tx = optax.adamw(1e-3)
    step = make_train_step(model, tx)
    step(variables, tx.init(variables["params"]), xs, ys)
    return None
