# label: ok
# flax-error: none
# class: 4 the scan body of Trainer.fit emits each step's batch_stats as scan outputs; the hooks in self.hooks see the last step's statistics after the loop
"""Brewery fermentation trainer: a regressor predicts gravity drop from tank sensors;
hooks watch the BatchNorm statistics to catch sensor drift between tanks."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class GravityNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        h = nn.Dense(16)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return nn.Dense(1)(nn.swish(h))[..., 0]


class NormDriftHook:
    def __init__(self):
        self.latest = None

    def on_step(self, loss, batch_stats):
        self.latest = batch_stats

    def on_fit_end(self):
        means = jax.tree_util.tree_leaves(self.latest)
        return max(float(jnp.abs(m).max()) for m in means)


class LossHook:
    def __init__(self):
        self.calls = 0

    def on_step(self, loss, batch_stats):
        self.calls += 1

    def on_fit_end(self):
        return self.calls


class Trainer:
    def __init__(self, model, hooks, lr=0.05):
        self.model = model
        self.hooks = hooks
        self.lr = lr

    def fit(self, variables, xs, ys):
        def train_step(carry, batch):
            params, stats = carry
            x, y = batch

            def loss_fn(p):
                pred, updates = self.model.apply(
                    {"params": p, "batch_stats": stats}, x, train=True, mutable=["batch_stats"]
                )
                return jnp.mean((pred - y) ** 2), updates["batch_stats"]

            (loss, stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
            params = jax.tree_util.tree_map(lambda p, g: p - self.lr * g, params, grads)
            return (params, stats), (loss, stats)

        (params, stats), (losses, history) = scan(
            train_step, (variables["params"], variables["batch_stats"]), (xs, ys)
        )
        last = jax.tree_util.tree_map(lambda a: a[-1], history)
        for hook in self.hooks:
            hook.on_step(losses[-1], last)
        report = [hook.on_fit_end() for hook in self.hooks]
        return {"params": params, "batch_stats": stats}, report


def main():
    model = GravityNet()
    xs = jax.random.normal(jax.random.key(0), (8, 32, 5))
    ys = xs.sum(-1) * 0.1
    variables = model.init(jax.random.key(1), xs[0])
    Trainer(model, [LossHook(), NormDriftHook()]).fit(variables, xs, ys)
    return None
