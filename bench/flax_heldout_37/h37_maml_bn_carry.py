# label: ok
# flax-error: none
# class: 4 inner_adapt runs a raw lax.fori_loop whose carry holds both the fast params and batch_stats; the train-mode apply uses mutable=['batch_stats'] and returns the new stats as aux
"""MAML inner loop on a few-shot classifier with batch norm (transductive BN, as in the MAML repo)."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from jax import lax

N_WAY, K_SHOT, DIM = 3, 2, 8


class Learner(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(N_WAY)(x)


def inner_adapt(model, params, batch_stats, x, y, steps=3, lr=0.4):
    def loss_fn(p, stats):
        logits, updates = model.apply(
            {"params": p, "batch_stats": stats}, x, mutable=["batch_stats"]
        )
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return loss, updates["batch_stats"]

    def body(i, carry):
        p, stats = carry
        grads, stats = jax.grad(loss_fn, has_aux=True)(p, stats)
        return jax.tree.map(lambda w, g: w - lr * g, p, grads), stats

    return lax.fori_loop(0, steps, body, (params, batch_stats))


def main():
    model = Learner()
    xs = jax.random.normal(jax.random.key(0), (N_WAY * K_SHOT, DIM))
    ys = jnp.repeat(jnp.arange(N_WAY), K_SHOT)
    variables = model.init(jax.random.key(1), xs, train=False)
    fast, stats = inner_adapt(model, variables["params"], variables["batch_stats"], xs, ys)
    logits = model.apply({"params": fast, "batch_stats": stats}, xs, train=False)
    print((logits.argmax(-1) == ys).mean())
