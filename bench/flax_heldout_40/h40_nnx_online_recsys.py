# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 online_learning(model, optimizer, stream) hands jax.lax.scan a body that calls train_step on the closed-over model and nnx.Optimizer (nnx.value_and_grad + optimizer.update)
"""Online learning of a two-tower click-through model on a stream of interaction batches."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class TwoTower(nnx.Module):
    def __init__(self, n_users: int, n_items: int, dim: int, *, rngs: nnx.Rngs):
        self.users = nnx.Embed(n_users, dim, rngs=rngs)
        self.items = nnx.Embed(n_items, dim, rngs=rngs)
        self.user_tower = nnx.Linear(dim, dim, rngs=rngs)
        self.item_tower = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, user, item):
        u = self.user_tower(self.users(user))
        v = self.item_tower(self.items(item))
        return jnp.sum(u * v, -1)


def train_step(model, optimizer, batch):
    def loss_fn(model):
        logits = model(batch["user"], batch["item"])
        return optax.sigmoid_binary_cross_entropy(logits, batch["click"]).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def online_learning(model, optimizer, stream):
    def body(total, batch):
        loss = train_step(model, optimizer, batch)
        return total + loss, loss

    return jax.lax.scan(body, jnp.zeros(()), stream)


def main():
    steps, batch = 8, 16
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    stream = {
        "user": jax.random.randint(k1, (steps, batch), 0, 50),
        "item": jax.random.randint(k2, (steps, batch), 0, 200),
        "click": jax.random.bernoulli(k3, 0.1, (steps, batch)).astype(jnp.float32),
    }
    model = TwoTower(50, 200, 16, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    total, losses = online_learning(model, optimizer, stream)
    jax.block_until_ready(losses)
    return None
