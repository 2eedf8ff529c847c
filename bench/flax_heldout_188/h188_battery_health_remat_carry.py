# label: ok
# flax-error: none
# class: 5 a factory wraps model.apply(train=True, mutable=["batch_stats"]) in jax.checkpoint and the fori_loop carries the statistics with the params
"""Battery state-of-health: the cell-health regressor is fine-tuned per pack on its charge
cycles at the edge gateway; the cycle encoder and the loss are rematerialised to fit long
cycles in the gateway's memory."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class CycleEncoder(nn.Module):
    train: bool

    @nn.compact
    def __call__(self, cycle):
        h = nn.Dense(16, name="voltage_curve")(cycle)
        return nn.gelu(nn.BatchNorm(use_running_average=not self.train, name="cycle_norm")(h))


class HealthRegressor(nn.Module):
    @nn.compact
    def __call__(self, cycle, train: bool):
        h = nn.remat(CycleEncoder)(train=train, name="encoder")(cycle)
        return nn.Dense(1, name="soh")(h)[..., 0]


def checkpointed_loss(model):
    @jax.checkpoint
    def loss_fn(params, batch_stats, cycle, soh):
        pred, updates = model.apply({"params": params, "batch_stats": batch_stats}, cycle,
                                    train=True, mutable=["batch_stats"])
        return jnp.mean((pred - soh) ** 2), updates["batch_stats"]

    return loss_fn


def finetune_pack(model, variables, cycles, soh, lr=1e-2):
    grad_fn = jax.grad(checkpointed_loss(model), has_aux=True)

    def cycle_step(i, carry):
        params, batch_stats = carry
        grads, batch_stats = grad_fn(params, batch_stats, cycles[i], soh[i])
        return jax.tree.map(lambda p, g: p - lr * g, params, grads), batch_stats

    start = (variables["params"], variables["batch_stats"])
    params, batch_stats = lax.fori_loop(0, cycles.shape[0], cycle_step, start)
    return {"params": params, "batch_stats": batch_stats}


def main():
    model = HealthRegressor()
    cycles = jax.random.uniform(jax.random.key(2), (5, 8, 24), minval=3.0, maxval=4.2)
    soh = jnp.linspace(0.98, 0.9, 5 * 8).reshape(5, 8)
    variables = model.init(jax.random.key(0), cycles[0], train=False)
    finetune_pack(model, variables, cycles, soh)
    return None
