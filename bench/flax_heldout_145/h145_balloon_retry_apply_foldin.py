# label: ok
# flax-error: none
# class: 4 the while_loop body calls BurnerController, whose RetryingApply wraps model.apply and folds the step into the key it was built with
"""Hot-air balloon burner controller with a retrying apply wrapper.

Burner commands come from a small network that injects sensor noise. Apply calls are wrapped
in a retry loop because the flight computer occasionally rejects a command batch.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class BurnerNet(nn.Module):
    @nn.compact
    def __call__(self, envelope_temp):
        noise = jax.random.normal(self.make_rng("noise"), envelope_temp.shape)
        return nn.tanh(nn.Dense(3)(envelope_temp + 0.3 * noise))


class TransientCommandError(RuntimeError):
    pass


class RetryingApply:
    def __init__(self, model, variables, key, max_retries: int = 3):
        self.model = model
        self.variables = variables
        self.key = key
        self.max_retries = max_retries

    def __call__(self, x, step):
        last_error = None
        for _ in range(self.max_retries):
            try:
                return self.model.apply(self.variables, x, rngs={"noise": jax.random.fold_in(self.key, step)})
            except TransientCommandError as err:
                last_error = err
        raise last_error


class BurnerController:
    def __init__(self, apply_fn, horizon: int):
        self.apply_fn = apply_fn
        self.horizon = horizon

    def plan(self, temp):
        def cond(state):
            return state[0] < self.horizon

        def body(state):
            step, commands = state
            return step + 1, commands.at[step].set(self.apply_fn(temp, step))

        commands = jnp.zeros((self.horizon, 3))
        _, commands = jax.lax.while_loop(cond, body, (0, commands))
        return commands


def main():
    model = BurnerNet()
    temp = jnp.array([96.0, 101.5, 99.2, 97.8]) / 100.0
    variables = model.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, temp)
    controller = BurnerController(RetryingApply(model, variables, jax.random.key(9)), horizon=5)
    commands = controller.plan(temp)
    print("burner duty", commands.mean(axis=-1))
    return commands
