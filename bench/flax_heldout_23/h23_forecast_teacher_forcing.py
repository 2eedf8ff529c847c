# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/cell/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 train flag passed forecaster -> decoder cell -> BatchNorm inside the decoder scan; the jitted loss applies without mutable batch_stats
"""Sequence-to-sequence forecaster trained with teacher forcing.

A GRU encoder summarises the context window; a decoder cell then produces the
forecast one step at a time, fed either the true previous value (teacher
forcing) or its own previous prediction.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


@dataclasses.dataclass(frozen=True)
class ForecastConfig:
    hidden: int = 16
    context: int = 12
    horizon: int = 6


class DecoderCell(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, h, y_prev, *, train: bool):
        h, _ = nn.GRUCell(self.hidden)(h, y_prev)
        z = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return h, nn.Dense(1)(nn.tanh(z))


class Seq2SeqForecaster(nn.Module):
    cfg: ForecastConfig

    def setup(self):
        self.encoder = nn.RNN(nn.GRUCell(self.cfg.hidden))
        self.cell = DecoderCell(self.cfg.hidden)

    def __call__(self, context, targets, teacher_forcing: bool = True, train: bool = False):
        h = self.encoder(context)[:, -1]
        y0 = context[:, -1]
        if self.is_initializing():  # create the cell's variables outside the scan
            self.cell(h, y0, train=False)

        def step(carry, y_true_prev):
            h, y_pred_prev = carry
            y_in = y_true_prev if teacher_forcing else y_pred_prev
            h, y = self.cell(h, y_in, train=train)
            return (h, y), y

        prev = jnp.concatenate([y0[:, None], targets[:, :-1]], 1)
        _, ys = jax.lax.scan(step, (h, y0), jnp.swapaxes(prev, 0, 1))
        return jnp.swapaxes(ys, 0, 1)


@functools.partial(jax.jit, static_argnames=("model", "tx"))
def train_step(params, batch_stats, opt_state, context, targets, *, model, tx):
    def loss_fn(p):
        pred = model.apply({"params": p, "batch_stats": batch_stats}, context, targets, train=True)
        return jnp.mean((pred - targets) ** 2)
    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


def main():
    cfg = ForecastConfig()
    t = jnp.arange(cfg.context + cfg.horizon, dtype=jnp.float32)
    series = jnp.sin(0.3 * t[None] + jnp.arange(4.0)[:, None])[..., None]
    context, targets = series[:, : cfg.context], series[:, cfg.context :]
    model = Seq2SeqForecaster(cfg)
    variables = model.init(jax.random.key(0), context, targets)
    tx = optax.adam(3e-3)
    params = variables["params"]
    opt_state = tx.init(params)
    params, opt_state, loss = train_step(params, variables["batch_stats"], opt_state, context, targets,
                                         model=model, tx=tx)
    float(loss)
    return None
