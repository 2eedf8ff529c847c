# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 an EarlyStopping object holds an eval_fn closure that applies the model in train mode, called from the while_loop body
import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(1)(nn.tanh(x))


@dataclasses.dataclass(frozen=True)
class EarlyStoppingConfig:
    patience: int = 3
    min_delta: float = 1e-3
    max_rounds: int = 20


class EarlyStopping:
    def __init__(self, config, eval_fn):
        self.config = config
        self.eval_fn = eval_fn

    def run(self, val_x, val_y):
        cfg = self.config
        n = val_x.shape[0]

        def cond(state):
            rnd, best, wait = state
            return (rnd < cfg.max_rounds) & (wait < cfg.patience)

        def body(state):
            rnd, best, wait = state
            loss = self.eval_fn(val_x[rnd % n], val_y[rnd % n])
            improved = loss < best - cfg.min_delta
            best = jnp.where(improved, loss, best)
            wait = jnp.where(improved, 0, wait + 1)
            return rnd + 1, best, wait

        init = (jnp.int32(0), jnp.asarray(jnp.inf, jnp.float32), jnp.int32(0))
        return lax.while_loop(cond, body, init)


def make_eval_fn(model, variables):
    def eval_fn(x, y):
        pred = model.apply(variables, x, train=True)
        return jnp.mean((pred - y) ** 2)

    return eval_fn


def main():
    model = Regressor()
    key = jax.random.PRNGKey(0)
    val_x = jax.random.normal(key, (5, 8, 3))
    val_y = jnp.sum(val_x, axis=-1, keepdims=True)
    variables = model.init(jax.random.PRNGKey(1), val_x[0])
    stopper = EarlyStopping(EarlyStoppingConfig(), make_eval_fn(model, variables))
    stopper.run(val_x, val_y)
    return None
