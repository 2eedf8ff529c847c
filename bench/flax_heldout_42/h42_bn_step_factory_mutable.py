# label: ok
# flax-error: none
# class: 4 a factory builds train_step from the config; the scan body is that step, which applies the model with mutable batch_stats and carries the new statistics in the TrainState
"""Config-driven image classifier training, one epoch per compiled `scan`.

`make_train_step(model, cfg)` returns the step function; the epoch driver scans it over
pre-batched data. BatchNorm statistics come back from `apply(..., mutable=...)` and are
stored in the carried TrainState.
"""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training import train_state
from jax.lax import scan


class ConfigDict(dict):
    """Minimal ml_collections.ConfigDict look-alike: attribute access to keys."""

    def __getattr__(self, k):
        try:
            return self[k]
        except KeyError as e:
            raise AttributeError(k) from e

    def __setattr__(self, k, v):
        self[k] = v


def get_config():
    cfg = ConfigDict()
    cfg.model = ConfigDict(width=16, num_classes=4, bn_momentum=0.9)
    cfg.optim = ConfigDict(lr=0.01, momentum=0.9)
    cfg.steps_per_epoch = 4
    cfg.batch_size = 8
    return cfg


class SmallResNet(nn.Module):
    width: int
    num_classes: int
    bn_momentum: float = 0.9

    @nn.compact
    def __call__(self, x, train: bool):
        norm = lambda: nn.BatchNorm(use_running_average=not train, momentum=self.bn_momentum)
        h = nn.Dense(self.width)(x)
        h = nn.relu(norm()(h))
        r = nn.Dense(self.width)(h)
        h = nn.relu(h + norm()(r))
        return nn.Dense(self.num_classes)(h)


class TrainState(train_state.TrainState):
    batch_stats: dict


def create_state(model, cfg, rng, sample):
    variables = model.init(rng, sample, train=False)
    return TrainState.create(
        apply_fn=model.apply,
        params=variables["params"],
        batch_stats=variables["batch_stats"],
        tx=optax.sgd(cfg.optim.lr, cfg.optim.momentum),
    )


def make_train_step(model, cfg):
    def loss_fn(params, batch_stats, batch):
        x, y = batch
        logits, updates = model.apply(
            {"params": params, "batch_stats": batch_stats}, x, train=True,
            mutable=["batch_stats"])
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return loss, updates["batch_stats"]

    def train_step(state, batch):
        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(
            state.params, state.batch_stats, batch)
        state = state.apply_gradients(grads=grads, batch_stats=batch_stats)
        return state, loss

    return train_step


def run_epoch(state, train_step, data):
    state, losses = scan(train_step, state, data)
    return state, losses.mean()


def main():
    cfg = get_config()
    rng = jax.random.PRNGKey(0)
    model = SmallResNet(**cfg.model)
    x = jax.random.normal(rng, (cfg.steps_per_epoch, cfg.batch_size, 12))
    y = jax.random.randint(rng, (cfg.steps_per_epoch, cfg.batch_size), 0, cfg.model.num_classes)
    state = create_state(model, cfg, rng, x[0])
    state, loss = run_epoch(state, make_train_step(model, cfg), (x, y))
    loss.block_until_ready()
    return None
