# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the trainer's batch_stats attribute: the fori_loop body is the bound method self._step (= self._train_step, stored in __init__), which reads self.batch_stats and writes the updated stats back to it
"""Wind farm: fit a yaw-misalignment power-loss model on SCADA windows.

The trainer stores its step function in __init__ so a subclass can swap in a
different update rule; BatchNorm statistics live on the trainer between steps.
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

    def _loss(self, params, x, y):
        pred, updates = self.model.apply(
            {"params": params, "batch_stats": self.batch_stats}, x, train=True, mutable=["batch_stats"]
        )
        return jnp.mean((pred - y) ** 2), updates["batch_stats"]

    def _train_step(self, i, carry):
        params, opt_state = carry
        x, y = self.windows[i], self.targets[i]
        (loss, new_stats), grads = jax.value_and_grad(self._loss, has_aux=True)(params, x, y)
        self.batch_stats = new_stats
        updates, opt_state = self.tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state

    def fit(self, params):
        carry = (params, self.tx.init(params))
        params, _ = jax.lax.fori_loop(0, self.windows.shape[0], self._step, carry)
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
