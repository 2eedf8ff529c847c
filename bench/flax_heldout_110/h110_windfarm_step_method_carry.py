# label: ok
# flax-error: none
# class: 3 the fori_loop body is the bound method self._step (= self._train_step, stored in __init__); batch_stats go through the loop carry and are written back to the trainer after the loop
"""Wind farm: fit a yaw-misalignment power-loss model on SCADA windows.

The trainer stores its step function in __init__ so a subclass can swap in a
different update rule; BatchNorm statistics live on the trainer between fits.
"""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn


class YawLossNet(nn.Module):
    @nn.compact
    def __call__(self, scada, train: bool):
        h = nn.Dense(32, name="embed")(scada)
        h = nn.BatchNorm(use_running_average=not train, name="turbine_norm")(h)
        return nn.Dense(1, name="power_loss")(nn.swish(h))[..., 0]


class YawTrainer:
    def __init__(self, model, variables, tx, windows, targets):
        self.model, self.tx = model, tx
        self.batch_stats = variables["batch_stats"]
        self.windows, self.targets = windows, targets
        self._step = self._train_step

    def _loss(self, params, batch_stats, x, y):
        pred, updates = self.model.apply(
            {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
        )
        return jnp.mean((pred - y) ** 2), updates["batch_stats"]

    def _train_step(self, i, carry):
        params, opt_state, batch_stats = carry
        x, y = self.windows[i], self.targets[i]
        (loss, batch_stats), grads = jax.value_and_grad(self._loss, has_aux=True)(params, batch_stats, x, y)
        updates, opt_state = self.tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, batch_stats

    def fit(self, params):
        carry = (params, self.tx.init(params), self.batch_stats)
        params, _, self.batch_stats = jax.lax.fori_loop(0, self.windows.shape[0], self._step, carry)
        return params

    def evaluate(self, params, x):
        return self.model.apply({"params": params, "batch_stats": self.batch_stats}, x, train=False)


def main():
    windows = jax.random.normal(jax.random.key(0), (6, 20, 7))  # 6 windows x 20 turbines x 7 channels
    targets = jax.random.uniform(jax.random.key(1), (6, 20))
    model = YawLossNet()
    variables = model.init(jax.random.key(2), windows[0], train=False)
    trainer = YawTrainer(model, variables, optax.sgd(1e-2), windows, targets)
    params = trainer.fit(variables["params"])
    jax.block_until_ready(trainer.evaluate(params, windows[-1]))
    return None
