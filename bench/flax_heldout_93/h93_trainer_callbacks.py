# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a callback object keeps the mutated batch_stats that model.apply returns inside the raw scan body; the trainer reads them after the loop
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

    def on_step_end(self, step, updates):
        self.latest = updates


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

    def loss_fn(self, params, batch):
        x, y = batch
        logits, updates = self.model.apply(
            {"params": params, "batch_stats": self.batch_stats}, x, mutable=["batch_stats"]
        )
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), updates

    def fit(self, xs, ys):
        def step(carry, batch):
            params, opt_state, i = carry
            (loss, updates), grads = jax.value_and_grad(self.loss_fn, has_aux=True)(params, batch)
            for cb in self.callbacks:
                cb.on_step_end(i, updates)
            upd, opt_state = self.tx.update(grads, opt_state, params)
            return (optax.apply_updates(params, upd), opt_state, i + 1), loss

        (self.params, self.opt_state, _), losses = jax.lax.scan(step, (self.params, self.opt_state, 0), (xs, ys))
        self.batch_stats = self.callbacks[0].latest["batch_stats"]
        return losses


def main():
    xs = jax.random.normal(jax.random.key(1), (6, 8, 5))
    ys = jax.random.randint(jax.random.key(2), (6, 8), 0, 3)
    trainer = Trainer(CONFIG, xs[0])
    trainer.fit(xs, ys)
    trainer.model.apply({"params": trainer.params, "batch_stats": trainer.batch_stats}, xs[0], train=False)
    return None
