# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 trainer -> self.model and self.optimizer (nnx.Optimizer) used by nnx.value_and_grad and optimizer.update in the fori_loop body
"""Online fine-tuning of the lift wait-time regressor from the last hour of gate scans."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax


class WaitTimeRegressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, gate_scans):
        return self.out(nnx.silu(self.hidden(gate_scans)))[..., 0]


def squared_error(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class LiftTrainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def fit(self, xs, ys):
        def step(i, total):
            loss, grads = nnx.value_and_grad(squared_error)(self.model, xs[i], ys[i])
            self.optimizer.update(self.model, grads)
            return total + loss

        return jax.lax.fori_loop(0, xs.shape[0], step, jnp.zeros(()))


def main():
    key_x, key_y = jax.random.split(jax.random.key(3))
    xs = jax.random.normal(key_x, (4, 8, 3))  # minibatches x skiers x (queue length, lanes open, wind)
    ys = jax.random.uniform(key_y, (4, 8)) * 10.0
    trainer = LiftTrainer(WaitTimeRegressor(nnx.Rngs(0)))
    print(float(trainer.fit(xs, ys)))
