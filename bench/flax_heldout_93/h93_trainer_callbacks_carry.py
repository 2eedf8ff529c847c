# label: ok
# flax-error: none
# class: 5 the mutated batch_stats from model.apply travel through the raw scan carry; callbacks run after the loop
"""Training harness built from a config dict, with callbacks and a learning-rate schedule."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn

CONFIG = {
    "model": {"hidden": 32, "out": 3},
    "optimizer": {"name": "adam", "peak_lr": 1e-3, "warmup": 2, "steps": 6},
    "callbacks": ["stats_tracker"],
}


class MLP(nn.Module):
    hidden: int
    out: int

    @nn.compact
    def __call__(self, x, train=True):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(self.out)(nn.relu(x))


class StatsTracker:
    def __init__(self):
        self.latest = None

    def on_fit_end(self, batch_stats, losses):
        self.latest = batch_stats


CALLBACKS = {"stats_tracker": StatsTracker}


def build_optimizer(cfg):
    schedule = optax.warmup_cosine_decay_schedule(0.0, cfg["peak_lr"], cfg["warmup"], cfg["steps"])
    return getattr(optax, cfg["name"])(schedule)


class Trainer:
    def __init__(self, config, sample):
        self.model = MLP(**config["model"])
        variables = self.model.init(jax.random.key(0), sample)
        self.params, self.batch_stats = variables["params"], variables["batch_stats"]
        self.tx = build_optimizer(config["optimizer"])
        self.opt_state = self.tx.init(self.params)
        self.callbacks = [CALLBACKS[name]() for name in config["callbacks"]]

    def loss_fn(self, params, batch_stats, batch):
        x, y = batch
        logits, updates = self.model.apply(
            {"params": params, "batch_stats": batch_stats}, x, mutable=["batch_stats"]
        )
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), updates

    def fit(self, xs, ys):
        def step(carry, batch):
            params, batch_stats, opt_state = carry
            (loss, updates), grads = jax.value_and_grad(self.loss_fn, has_aux=True)(params, batch_stats, batch)
            upd, opt_state = self.tx.update(grads, opt_state, params)
            return (optax.apply_updates(params, upd), updates["batch_stats"], opt_state), loss

        init = (self.params, self.batch_stats, self.opt_state)
        (self.params, self.batch_stats, self.opt_state), losses = jax.lax.scan(step, init, (xs, ys))
        for cb in self.callbacks:
            cb.on_fit_end(self.batch_stats, losses)
        return losses


def main():
    xs = jax.random.normal(jax.random.key(1), (6, 8, 5))
    ys = jax.random.randint(jax.random.key(2), (6, 8), 0, 3)
    trainer = Trainer(CONFIG, xs[0])
    trainer.fit(xs, ys)
    trainer.model.apply({"params": trainer.params, "batch_stats": trainer.batch_stats}, xs[0], train=False)
    return None
